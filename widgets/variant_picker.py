"""VariantPicker: a game's rule variants as checkboxes, grouped by the rulebook section they touch.

Each row names the variant, the catalogue ambiguity it reads otherwise, and one line on what changes;
the tooltip gives what the game does when it is off (the default reading). ``value`` is the tuple of
variant names switched on, like the SelectMultiple it replaces.
"""
from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets
import traitlets

from rules_lib.core.engine import Variant, variants_by_section


class VariantPicker(widgets.VBox):
    """Checkboxes per variant under a heading per rulebook section; ``value`` = names switched on."""

    value = traitlets.Tuple()

    def __init__(self, variants: Sequence[Variant], value: Sequence[str] = ()) -> None:
        self.boxes: dict[str, widgets.Checkbox] = {}
        self.texts: dict[str, widgets.HTML] = {}
        rows: list[widgets.Widget] = [widgets.HTML("<b>Rule variants</b> (other readings of the "
                                                   "rulebook; all off = the default reading)")]
        for section, group in variants_by_section(variants):
            rows.append(widgets.HTML(f"<i>{html.escape(section)}</i>"))
            for v in group:
                ids = f" [{', '.join(v.ids)}]" if v.ids else ""
                tip = f"Off: {v.default_reading}" if v.default_reading else v.description
                box = widgets.Checkbox(value=v.name in value, indent=False,
                                       description=v.name, tooltip=tip,
                                       layout=widgets.Layout(width="auto", flex="0 0 auto"),
                                       style={"description_width": "initial"})
                box.add_class("re-variant")
                box.observe(self._sync_value, names="value")
                self.boxes[v.name] = box
                # the description wraps under the name: never cut off, however narrow the panel
                text = widgets.HTML(
                    f"<div class='re-variant-text' title='{html.escape(tip, quote=True)}' "
                    "style='white-space:normal;line-height:1.25;font-size:12px;color:#333'>"
                    f"{html.escape(v.description)}<small style='color:#777'>"
                    f"{html.escape(ids)}</small></div>",
                    layout=widgets.Layout(flex="1 1 240px", min_width="200px"))
                self.texts[v.name] = text
                rows.append(widgets.HBox([box, text],
                                         layout=widgets.Layout(flex_flow="row wrap",
                                                               align_items="flex-start")))
        super().__init__(children=rows)
        self.add_class("re-variants")
        self.value = tuple(name for name in self.boxes if name in value)
        self.observe(self._sync_boxes, names="value")
        self.layout.display = None if self.boxes else "none"

    def _sync_value(self, _change: dict) -> None:
        self.value = tuple(name for name, box in self.boxes.items() if box.value)

    def _sync_boxes(self, change: dict) -> None:
        unknown = [name for name in change["new"] if name not in self.boxes]
        if unknown:
            raise traitlets.TraitError(f"unknown rule variant(s): {', '.join(unknown)}")
        for name, box in self.boxes.items():
            box.value = name in change["new"]

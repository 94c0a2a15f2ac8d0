"""LogTable: the game log as a table a reader can follow — #, turn, phase, what happened, rule.

An ``anywidget`` (the same machinery as Plotly's FigureWidget, so it works wherever the board
does): long messages wrap, the rule has its own column (cut with an ellipsis, the whole citation
in its tooltip), assumed events carry ◆, folded rows say how many trivial decisions they hide.
Clicking a row sets ``value`` (the event index) like a Select would; ``options`` gives
(text, index) pairs for code and tests that read the log as text.
"""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

_ESM = r"""
function render({ model, el }) {
  el.classList.add("re-log");
  const box = document.createElement("div");
  box.className = "re-log-box";
  box.style.cssText = "max-height:" + model.get("height") + "px;overflow-y:auto;" +
    "border:1px solid #c8c8c8;border-radius:3px;background:#fff;font-size:12px;" +
    "font-family:var(--jp-ui-font-family, sans-serif)";
  el.appendChild(box);
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;",
    ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  function draw() {
    const rows = model.get("rows");
    const value = model.get("value");
    let out = "<table style='border-collapse:collapse;width:100%;table-layout:fixed'>" +
      "<colgroup><col style='width:44px'><col style='width:30px'><col style='width:78px'>" +
      "<col><col style='width:30%'></colgroup>" +
      "<thead><tr style='position:sticky;top:0;background:#f0f0f0;text-align:left'>" +
      "<th>#</th><th>T</th><th>Phase</th><th>What happened</th><th>Rule</th></tr></thead><tbody>";
    for (const r of rows) {
      if (r.i < 0) {
        out += "<tr class='re-log-fold'><td colspan='5' style='color:#777;font-style:italic;" +
          "padding:1px 4px'>" + esc(r.msg) + "</td></tr>";
        continue;
      }
      const sel = r.i === value;
      const bg = sel ? "#ffe082" : (r.kind === "turn" || r.kind === "phase" ? "#f3f6fb" : "");
      const mark = r.assumed ? "<span style='color:#e65100' title='" + esc(r.assumed) +
        "'>◆</span>" : "";
      out += "<tr class='re-log-row" + (sel ? " re-log-selected" : "") + "' data-i='" + r.i +
        "' title='" + esc(r.msg + (r.rule ? "  [" + r.rule + "]" : "")) + "' style='cursor:pointer;" +
        "border-top:1px solid #eee;background:" + bg + "'>" +
        "<td style='padding:1px 4px;white-space:nowrap'>" + r.i + mark + "</td>" +
        "<td style='padding:1px 2px'>" + r.turn + "</td>" +
        "<td style='padding:1px 2px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis'>" +
        esc(r.phase) + "</td>" +
        "<td style='padding:1px 4px;white-space:normal;overflow-wrap:anywhere'>" + esc(r.msg) +
        "</td><td class='re-log-rule' style='padding:1px 4px;white-space:nowrap;overflow:hidden;" +
        "text-overflow:ellipsis;color:#555' title='" + esc(r.rule) + "'>" + esc(r.rule) +
        "</td></tr>";
    }
    out += "</tbody></table>";
    box.innerHTML = out;
    const chosen = box.querySelector(".re-log-selected");
    if (chosen) {
      chosen.scrollIntoView({block: "nearest"});
    } else if (model.get("follow")) {
      box.scrollTop = box.scrollHeight;
    }
  }
  box.addEventListener("click", (ev) => {
    const tr = ev.target.closest("tr.re-log-row");
    if (!tr) return;
    model.set("value", parseInt(tr.dataset.i, 10));
    model.save_changes();
  });
  model.on("change:rows", draw);
  model.on("change:value", draw);
  draw();
}
export default { render };
"""


class LogTable(anywidget.AnyWidget):
    """The log's rows as a clickable, wrapping table; ``value`` is the selected event index."""

    _esm = _ESM
    rows = traitlets.List().tag(sync=True)
    value = traitlets.Int(None, allow_none=True).tag(sync=True)
    height = traitlets.Int(260).tag(sync=True)
    follow = traitlets.Bool(True).tag(sync=True)

    @property
    def options(self) -> tuple[tuple[str, int], ...]:
        """(one-line text, event index) per event row, as a Select's options would be."""
        return tuple((_text(r), r["i"]) for r in self.rows if r["i"] >= 0)

    def row(self, index: int) -> dict[str, Any] | None:
        return next((r for r in self.rows if r["i"] == index), None)


def _text(r: dict[str, Any]) -> str:
    mark = "◆" if r.get("assumed") else " "
    rule = f"  [{r['rule']}]" if r.get("rule") else ""
    return f"{r['i']:>4}{mark}T{r['turn']:<2} {r['phase'][:14]:<14} {r['msg']}{rule}"

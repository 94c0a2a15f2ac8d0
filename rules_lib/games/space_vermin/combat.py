"""Combat's two entry points kept under their first home's name, for the notebook generator
(``tools/make_notebook_02.py``) that imports them from here: Marine fire targets (``fire_plans``,
§J-1) and a Vermite hex's attacking CF (``vermite_attacks``, §F-2). The combat rules themselves
live in ``fire_plans``, ``marine_fire``, ``pants``, ``ant_gun``, ``vermite_attacks``, ``nat`` and the
two ``*_losses`` modules.
"""

from __future__ import annotations

from .fire_plans import fire_plans
from .vermite_attacks import vermite_attack_cf

__all__ = ["fire_plans", "vermite_attack_cf"]

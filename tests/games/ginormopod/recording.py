"""A policy for the record tests: answers from a list (then the first option) and keeps every
Decision it was asked, so a test can check who was asked what, with which options."""
from __future__ import annotations


class Recorder:
    """A policy that answers from a list and keeps every Decision it was asked."""

    def __init__(self, answers=()):
        self.answers = list(answers)
        self.asked = []

    def choose(self, state, decision, rng):
        self.asked.append(decision)
        return self.answers.pop(0) if self.answers else decision.options[0]

"""Words for log lines shared by every game: a count with its noun agreeing, a name with its
article. (Games may not import each other; the log's grammar is the same in all of them.)"""

from __future__ import annotations


def count(n: float, noun: str) -> str:
    """'1 charge', '2 charges', '0 hearts', '6.5 hearts': the noun agrees with the number.

    >>> count(1, "heart"), count(3, "Marine"), count(6.5, "heart"), count(2.0, "heart")
    ('1 heart', '3 Marines', '6.5 hearts', '2 hearts')
    """
    text = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{text} {noun}" if n == 1 else f"{text} {noun}s"


def a_or_an(name: str) -> str:
    """The name with its article: 'a Storm Warrior', 'an Earth Goddess', 'an Ultra-Mite'.

    >>> a_or_an("Soldier"), a_or_an("Ultra-Mite")
    ('a Soldier', 'an Ultra-Mite')
    """
    return f"{'an' if name[:1].upper() in 'AEIOU' else 'a'} {name}"

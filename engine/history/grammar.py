"""The pieces of hand-history lines that several sites write word for word, each named once for what it matches:
a site builds its own patterns and tables from them, and writes its own piece where its text differs, even by
one character (its lines' words stay in its module, beside the docstring that quotes them). What a piece means
is read elsewhere: an amount by the reader's ``amount``, cards by its ``cards``."""

from __future__ import annotations

CURRENCY_SIGNS = "$€£"  # the signs an amount may start with

"""Text set in the kit's fonts and a game's own: the fonts, lines wrapped and fitted to a box (text.py), and the
markup a text step's text is written in (markup.py). Layout measures text with it, render sets it, write names its fonts."""

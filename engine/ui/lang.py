# The screens' words in the player's language. The code writes them in English, `t("New
# game")`; in another language its words come from the bundle (engine/ui/words_file.py, loaded
# only then). A plural key joins English's two forms with "|" ("%d card|%d cards"); a language
# gives as many forms as it has (tn).
from engine.ui import unload

CODES = ("en", "ru", "uk", "hu")
code = "en"
strict = False  # (tests: a key without a word is an error, not English on the screen)
_words = None  # engine/ui/words_file.py, while words are read (not while the computer thinks)
_checked = [""]  # the language whose words file was checked whole
# The words shown, kept by engine/ui/words_file.py as it reads them (a word read decodes its
# block of words: some 10 ms on the emulated Pico), a few hundred characters at most; here, so
# that they stay while the reader rests and from one screen to the next
_kept = {}  # type: dict[str, str]  # key -> words


def use(c):
    """Speak language c (one of CODES; anything else: English)."""
    global code
    rest()
    _kept.clear()  # (the words of the language spoken until now)
    code = c if c in CODES else "en"
    from engine.ui.text import for_language
    for_language(code)  # (the fonts hold the language's letters)
    if code != "en":
        _reader()


def _reader():
    """engine/ui/words_file.py, reading the language's words (its file checked whole the
    first time); loaded again after a rest."""
    global _words
    if _words is None:
        from engine.ui import words_file
        words_file.open_words(code, _checked[0] != code)
        _checked[0] = code
        _words = words_file
    return _words


def t(key):
    """The screen's words for English `key`, in the language in use."""
    if code == "en":
        return key
    w = _kept.get(key)
    if w is None:
        w = _reader().words(key)
        if w is None:
            if strict:
                raise KeyError("no %s words for %r" % (code, key))
            return key
    return w


def settle():
    """A frame is over (drawn or not): the words file closes until the next word not kept."""
    if _words:
        _words.settle()


def wake():
    """The words' reader (another language's) loaded again now, in a frame with room for its
    import (20 ms on the emulated Pico): the one that reads the computer's move's words, a
    step of a game's setting out; not a later one that draws the whole board."""
    if code != "en":
        _reader()


def decoded():
    """Has this frame decoded a block of words (some 10 ms on the emulated Pico)?"""
    return _words is not None and _words.decoded()


def leave():
    """A screen left: in English the words' reader rests (only the rules' pages need it
    there); another language's words kept stay (at most a few hundred characters: a screen
    and the board it came from share them, and back on the board none is decoded again)."""
    if code == "en":
        rest()


def pages():
    """How many pages the rules have."""
    return _reader().pages


def page(i):
    """The rules' page i, (title, text), in the language in use (English's are read from the
    bundle too: 6.7 KB of text, 2.9 KB compressed)."""
    r = _reader()
    return r.page(i, 0), r.page(i, 1)


def rest():
    """The computer thinks: the words' reader goes back to the heap (2 KB on the emulated
    Pico), loaded again by the next word not kept (20 ms there). The words kept stay: the
    board's own, a few hundred bytes, shown again with the computer's move without a block of
    words decoded for each."""
    global _words
    if _words:
        _words.settle()
        _words = None
        unload(("engine.ui.words_file",))


def tn(n, key):
    """The form of plural `key` ("one|other" in English) for the number n."""
    forms = t(key).split("|")
    return forms[min(form(n), len(forms) - 1)]


def form(n):
    """Which plural form n takes: English and Hungarian one/other, Russian and Ukrainian
    one (1, 21, 31...), few (2-4, 22-24...), many (the rest, 11-14 among them)."""
    if code in ("ru", "uk"):
        a, b = n % 10, n % 100
        if a == 1 and b != 11:
            return 0
        return 1 if 2 <= a <= 4 and not 12 <= b <= 14 else 2
    return 0 if n == 1 else 1


def refusal(e):
    """The words of a refused move (engine/core/game.py's IllegalMove: `why`, `arg`)."""
    w = t(e.why)
    return w if e.arg is None else w % e.arg


def capital(s):
    """s with its first letter a capital, in any of the languages (MicroPython's str.upper
    knows only ASCII). (Its letter sliced and made from UTF-8, never s[0] nor chr(): each
    would be interned on MicroPython, a name for good.)"""
    c = ord(s[:1]) if s else 0
    if 0x430 <= c <= 0x44F or 0xE0 <= c <= 0xFE and c != 0xF7:
        c -= 0x20  # а-я, à-þ
    elif 0x450 <= c <= 0x45F:
        c -= 0x50  # ѐ-џ: ё є і ї
    elif c in (0x491, 0x151, 0x171):
        c -= 1  # ґ ő ű
    elif 0x61 <= c <= 0x7A:
        c -= 0x20
    else:
        return s  # (no small letter first)
    # (every capital here is below U+0800: two bytes of UTF-8 at most)
    return (bytes((c,)) if c < 0x80 else bytes((0xC0 | c >> 6, 0x80 | c & 0x3F))).decode() + \
        s[1:]

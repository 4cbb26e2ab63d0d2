# The words of the screens in another language than English, and the rules' pages in every
# language, read as the screens ask for them from the bundle's lang.bin (made by
# tools/mklang.py from lang/); loaded only while they are read (engine/ui/lang.py keeps the
# words shown). lang.bin holds:
#   "LW4", the CRC-32 of all after it (checked as a language is chosen), the keys' count (2),
#   the languages' count (1), the rules' pages (1), each language's code (2) and the place of
#   its part (3); the places of the rules' titles and pages (2 bytes each, a title then its
#   page); the English keys' hashes (hash_key), sorted, with the place of the key's words:
#   4 bytes each (the hash's 22 bits, then the place's 10): no table of English keys sits in
#   RAM;
#   a part a language (English's holds the rules' pages only): its letters beyond ASCII (1
#   byte, their count, then their code points, 2 bytes each), then where each block of its
#   words starts (2 bytes each, from the part's start, and one past the last), then the
#   blocks: BLOCK words each, compressed apart (deflate with a 4 KB window), the rules'
#   pages in blocks of their own; a letter beyond ASCII is one byte there, from 0x80 up, for
#   the letters' table.
from deflate import DeflateIO, RAW
from engine.ui import lang, text
from engine.ui.files import crc_rest

BLOCK = 64  # words a block (a block is decoded whole: 1-2.5 KB of words, 3-7 of a rules page)
WINDOW = 12  # the blocks' deflate window, 2**12 bytes (decoding: some 5 KB for a moment)
_STRIDE = 16  # keys a step of the keys' index held in RAM (the table's every 16th hash)
_KEEP = 320  # characters of words kept decoded; more, and all are dropped (a screen asks again)
_LONG = 160  # words longer are never kept (a rules page: read once as its page opens)
_DAMAGED = "lang.bin is missing or damaged: flash the game again"

# (The file is opened for the words not kept that a frame asks for, and closed after it:
# an open file holds a 1 KB buffer on the Pico's file system. The blocks the frame decoded
# are let go with it.)
_n = 0  # the keys
_keys = 0  # where their table starts in the file
_steps = b""  # every _STRIDE-th key's hash and place, as the table holds them
_pages = 0  # where the table of the rules' pages starts
pages = 0  # the rules' pages
_part = 0  # the language's part of the file
_blocks = b""  # where each block starts in the part, 2 bytes each
_letters = b""  # the code points bytes 0x80... stand for, 2 bytes each
_live = [None, {}]  # type: list  # (in a frame) the file open; {block: its bytes decoded}


def path():
    f = __file__
    return f[:f.rfind("/") + 1] + "lang.bin"  # (beside this module)


def open_words(code, check):
    """Read language `code`'s words from now on, the file checked whole first if `check`
    (OSError: lang.bin is missing or damaged)."""
    global _n, _keys, _steps, _pages, _part, _blocks, _letters, pages
    settle()
    try:
        with open(path(), "rb") as f:
            _n, pages, _pages, _part = _find(f, code, check)
            _keys = _pages + 4 * pages
            f.seek(_keys)
            table = f.read(4 * _n)
            _steps = b"".join(table[i:i + 4] for i in range(0, len(table), 4 * _STRIDE))
            f.seek(_part)
            _letters = f.read(2 * f.read(1)[0])
            _blocks = f.read(2)  # (the table of blocks ends where the first block starts)
            size = (_blocks[0] | _blocks[1] << 8) - 1 - len(_letters)
            _blocks += f.read(size - 2)
            if len(_blocks) != size or size < 4:
                raise ValueError
    except (OSError, ValueError, IndexError):
        raise OSError(_DAMAGED)


def _find(f, code, check):
    """The keys' count, the rules' pages, the place of their table and of language `code`'s
    part; the file checked whole if `check`."""
    head = f.read(11)
    if head[:3] != b"LW4":
        raise ValueError
    if check:
        f.seek(7)
        if crc_rest(f) != head[3] | head[4] << 8 | head[5] << 16 | head[6] << 24:
            raise ValueError
    f.seek(11)
    for _ in range(head[9]):
        e = f.read(5)
        if e[:2] == code.encode():
            return (head[7] | head[8] << 8, head[10], 11 + 5 * head[9],
                    e[2] | e[3] << 8 | e[4] << 16)
    raise ValueError


def hash_key(key):
    """A key's 22-bit hash (small integers only: the Pico's ints above 2**30 are heap)."""
    h = 5381
    for b in bytes(key, "utf-8"):
        h = (h * 33 ^ b) & 0x3FFFFF
    return h


def settle():
    """A frame is over: the file closes (an open file holds 1 KB of the Pico's heap), the
    blocks decoded are let go."""
    live = _live
    if live[0]:
        live[0].close()
        live[0] = None
    live[1].clear()


def _file():
    """lang.bin, open for the rest of the frame (an open costs some 4 ms on the emulated
    Pico's file system: a screen's first frame asks for many words)."""
    f = _live[0]
    if f is None:
        f = _live[0] = open(path(), "rb")
    return f


def _index(key):
    """The place of the key's words (-1: none): the last step of the index in RAM at or
    below its hash, then that step's keys read from the file (one read, not a search's ten)."""
    h = hash_key(key)
    s = _steps
    lo, hi = 0, len(s) // 4  # s[4 * lo] <= h < s[4 * hi]
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if s[4 * mid] | s[4 * mid + 1] << 8 | (s[4 * mid + 2] & 0x3F) << 16 > h:
            hi = mid
        else:
            lo = mid
    f = _file()
    f.seek(_keys + 4 * _STRIDE * lo)
    b = f.read(4 * min(_STRIDE, _n - _STRIDE * lo))  # (the table's last step: its keys only)
    for j in range(0, len(b), 4):
        if b[j] | b[j + 1] << 8 | (b[j + 2] & 0x3F) << 16 == h:
            return b[j + 2] >> 6 | b[j + 3] << 2
    return -1


def _word(i):
    """The i-th words, found in their block, decoded whole and kept for the rest of the frame
    (a screen asks for words of a few blocks, in any order: a block's decoding takes 6-7 ms
    on the emulated Pico; finding a word in it, microseconds)."""
    k = i // BLOCK
    b = _live[1].get(k)
    try:
        if b is None:
            f = _file()
            f.seek(_part + (_blocks[2 * k] | _blocks[2 * k + 1] << 8))
            b = _live[1][k] = DeflateIO(f, RAW, WINDOW).read()
        at = 0
        for _ in range(i - k * BLOCK):
            at = b.index(b"\0", at) + 1
        return _utf8(b[at:b.index(b"\0", at)])
    except (OSError, ValueError, IndexError):  # (a block cut short, or not ours)
        raise OSError(_DAMAGED)


def _utf8(raw):
    """The str of a word as the file holds it: its bytes from 0x80 up are letters of the
    table, spelt as UTF-8 (by the device's machine code: a Python loop took 45 us a byte)."""
    spell = text.spell
    if spell is None:  # (no screens yet: their plain twin)
        from engine.ui.paint import spell
    n = len(raw)
    out = bytearray(spell(raw, n, _letters, raw, 0))
    spell(raw, n, _letters, out, 1)
    return str(out, "utf-8")


def words(key):
    """The words for English `key` (None: the language has none), kept in engine/ui/lang.py's
    _kept while the screen shows them."""
    i = _index(key)
    if i < 0:
        return None
    w = _word(i)
    if len(w) <= _LONG:
        kept = lang._kept
        if sum(len(x) for x in kept.values()) + len(w) > _KEEP:
            kept.clear()
        kept[key] = w
    return w


def page(i, k):
    """The rules' page i's title (k 0) or text (k 1): never kept (read once as it opens)."""
    f = _file()
    f.seek(_pages + 4 * i + 2 * k)
    b = f.read(2)
    return _word(b[0] | b[1] << 8)

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
from micropython import const
from engine.ui import lang, text
from engine.ui.files import crc_rest

# (Every name a module holds is interned for good, and on the Pico the names' sixth pool ends
# near a game's: this module, loaded only in another language, keeps its own few. Its
# constants are compile-time ones and the file's places one list.)
BLOCK = 64  # words a block (a block is decoded whole: 1-2.5 KB of words, 3-7 of a rules page)
_WINDOW = const(12)  # the blocks' deflate window, 2**12 bytes (decoding: some 5 KB a moment)
_STRIDE = const(16)  # keys a step of the keys' index held in RAM (the table's every 16th hash)
_KEEP = const(320)  # characters of words kept decoded; more, and all are dropped (asked again)
_LONG = const(160)  # words longer are never kept (a rules page: read once as its page opens)
_DAMAGED = const("lang.bin is missing or damaged: flash the game again")

# The language's places in the file, at these indexes of _at
_N = const(0)  # the keys
_KEYS = const(1)  # where their table starts in the file
_STEPS = const(2)  # every _STRIDE-th key's hash and place, as the table holds them
_PAGES = const(3)  # where the table of the rules' pages starts
_PART = const(4)  # the language's part of the file
_BLOCKS = const(5)  # where each block starts in the part, 2 bytes each
_LETTERS = const(6)  # the code points bytes 0x80... stand for, 2 bytes each
_at = [0, 0, b"", 0, 0, b"", b""]  # type: list
pages = 0  # the rules' pages
# (The file is opened for the words not kept that a frame asks for, and closed after it:
# an open file holds a 1 KB buffer on the Pico's file system. The blocks the frame decoded
# are let go with it.)
_live = [None, {}]  # type: list  # (in a frame) the file open; {block: its bytes decoded}


def path():
    f = __file__
    return f[:f.rfind("/") + 1] + "lang.bin"  # (beside this module)


def open_words(code, full):
    """Read language `code`'s words from now on, the file checked in full first if `full`
    (OSError: lang.bin is missing or damaged)."""
    global pages
    settle()
    at = _at
    try:
        with open(path(), "rb") as f:
            # the head: "LW4", the CRC, the keys' count, the languages', the rules' pages
            head = f.read(11)
            if head[:3] != b"LW4":
                raise ValueError
            if full:
                f.seek(7)
                if crc_rest(f) != head[3] | head[4] << 8 | head[5] << 16 | head[6] << 24:
                    raise ValueError
            f.seek(11)
            for _ in range(head[9]):  # each language's code and part
                e = f.read(5)
                if e[:2] == code.encode():
                    break
            else:
                raise ValueError
            at[_N] = n = head[7] | head[8] << 8
            pages = head[10]
            at[_PAGES] = 11 + 5 * head[9]
            at[_PART] = e[2] | e[3] << 8 | e[4] << 16
            at[_KEYS] = at[_PAGES] + 4 * pages
            f.seek(at[_KEYS])
            table = f.read(4 * n)
            at[_STEPS] = b"".join(table[i:i + 4] for i in range(0, len(table), 4 * _STRIDE))
            f.seek(at[_PART])
            at[_LETTERS] = letters = f.read(2 * f.read(1)[0])
            blocks = f.read(2)  # (the table of blocks ends where the first block starts)
            size = (blocks[0] | blocks[1] << 8) - 1 - len(letters)
            blocks += f.read(size - 2)
            if len(blocks) != size or size < 4:
                raise ValueError
            at[_BLOCKS] = blocks
    except (OSError, ValueError, IndexError):
        raise OSError(_DAMAGED)


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
    at = _at
    s = at[_STEPS]
    lo, hi = 0, len(s) // 4  # s[4 * lo] <= h < s[4 * hi]
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if s[4 * mid] | s[4 * mid + 1] << 8 | (s[4 * mid + 2] & 0x3F) << 16 > h:
            hi = mid
        else:
            lo = mid
    f = _file()
    f.seek(at[_KEYS] + 4 * _STRIDE * lo)
    b = f.read(4 * min(_STRIDE, at[_N] - _STRIDE * lo))  # (the table's last step: its keys only)
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
            blocks = _at[_BLOCKS]
            f.seek(_at[_PART] + (blocks[2 * k] | blocks[2 * k + 1] << 8))
            b = _live[1][k] = DeflateIO(f, RAW, _WINDOW).read()
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
    letters = _at[_LETTERS]
    out = bytearray(spell(raw, n, letters, raw, 0))
    spell(raw, n, letters, out, 1)
    return str(out, "utf-8")


def decoded():
    """Has this frame decoded a block of words?"""
    return bool(_live[1])


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
    f.seek(_at[_PAGES] + 4 * i + 2 * k)
    b = f.read(2)
    return _word(b[0] | b[1] << 8)

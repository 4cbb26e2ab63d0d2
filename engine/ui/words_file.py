# The words of a language other than English, read from the bundle's files (made by
# tools/mklang.py from lang/*.txt) as the screens ask for them, and kept while shown; loaded
# only while such a language is spoken (engine/ui/lang.py):
#   lang_keys.bin   the English keys' hashes (hash_key), sorted, 3 bytes each, with the place
#                   of the key's words (2 bytes): no table of English keys sits in RAM
#   lang_XX.bin     the language's words, BLOCK to a block, each block compressed apart
#                   (deflate: decoded as a stream, a 4 KB window); a letter beyond ASCII is
#                   one byte there, from 0x80 up, for the header's table of code points
from deflate import DeflateIO, RAW
from engine.ui import text

BLOCK = 64  # words a block: a word is found by decoding its block's words before it
WINDOW = 12  # the blocks' deflate window, 2**12 bytes (decoding: some 5 KB for a moment)
_KEEP = 320  # characters of words kept decoded; more, and all are dropped (a screen asks again)
_LONG = 160  # words longer are never kept (a rules page: read once as its page opens)

# (The files are opened for the words not kept that a frame asks for, and closed after it:
# an open file holds a 1 KB buffer on the Pico's file system.)
_name = ""  # the language's file
_n = 0  # the keys
_blocks = b""  # each block's first byte in the file, 2 bytes each
_letters = b""  # the code points bytes 0x80... stand for, 2 bytes each
_kept = {}  # type: dict[str, str]  # key -> word
_size = [0]  # the characters kept
_live = [None, None, None, -1, b"", -1]  # (in a frame: the keys' and words' files open, the
# stream of a block, the place of its next words, the bytes read past them, the block)


def _path(name):
    f = __file__
    return f[:f.rfind("/") + 1] + name


def open_words(code):
    """Read language `code`'s words from now on (OSError: its file is missing or damaged)."""
    global _name, _n, _blocks, _letters
    close()
    _name = _path("lang_%s.bin" % code)
    try:
        with open(_name, "rb") as f:
            _n, _letters, _blocks = _header(f)
        with open(_path("lang_keys.bin"), "rb") as f:
            if f.seek(0, 2) != 5 * _n:
                raise ValueError("the keys are not the words'")
    except (OSError, ValueError):
        raise OSError("%s is missing or damaged: flash the game again" % _name[
            _name.rfind("/") + 1:])


def close():
    settle()
    forget()


def forget():
    """Drop the words kept."""
    _kept.clear()
    _size[0] = 0


def _header(f):
    """The file's key count, letters and block offsets: 'LW3', keys (2 bytes), letters (1
    byte) and their code points (2 bytes each), then a 2-byte offset a block and one past the
    last."""
    head = f.read(6)
    if head[:3] != b"LW3":
        raise ValueError("not a words file")
    n = head[3] | head[4] << 8
    letters = f.read(2 * head[5])
    size = 2 * ((n + BLOCK - 1) // BLOCK + 1)
    blocks = f.read(size)
    if len(blocks) != size or blocks[-2] | blocks[-1] << 8 != f.seek(0, 2):
        raise ValueError("cut short")
    return n, letters, blocks


def hash_key(key):
    """A key's 24-bit hash (small integers only: the Pico's ints above 2**30 are heap)."""
    h = 5381
    for b in bytes(key, "utf-8"):
        h = (h * 33 ^ b) & 0xFFFFFF
    return h


def settle():
    """A frame is over: the files close (an open file holds 1 KB of the Pico's heap), the
    block being read is let go."""
    live = _live
    if live[0] is None and live[1] is None:
        return
    for k in (0, 1):
        if live[k]:
            live[k].close()
            live[k] = None
    live[2] = None
    live[3] = -1
    live[4] = b""
    live[5] = -1


def _file(k):
    """The keys' file (k 0) or the words' (1), open for the rest of the frame (an open costs
    some 4 ms on the Pico's file system: a screen's first frame asks for many words)."""
    f = _live[k]
    if f is None:
        f = _live[k] = open(_path("lang_keys.bin") if k == 0 else _name, "rb")
    return f


def _index(key):
    """The place of the key's words (-1: none)."""
    h = hash_key(key)
    lo, hi = 0, _n - 1
    f = _file(0)
    while lo <= hi:
        mid = (lo + hi) >> 1
        f.seek(5 * mid)
        b = f.read(5)
        v = b[0] | b[1] << 8 | b[2] << 16
        if v == h:
            return b[3] | b[4] << 8
        if v < h:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def _word(i):
    """The i-th words, decoded from their block as a stream: the block's words before them
    are read past, a few bytes at a time; the stream goes on from there for the next words
    asked in the frame when they come later in the block (a screen's words sit together)."""
    live = _live
    k = i // BLOCK
    if live[5] != k or live[3] > i:
        f = _file(1)
        f.seek(_blocks[2 * k] | _blocks[2 * k + 1] << 8)
        live[2] = DeflateIO(f, RAW, WINDOW)
        live[3] = k * BLOCK
        live[4] = b""
        live[5] = k
    skip = i - live[3]
    b = live[4]
    words = b""
    while True:
        if not b:
            b = live[2].read(256)
            if not b:
                raise OSError("%s is damaged: flash the game again" % _name[_name.rfind("/") + 1:])
        at = 0
        while skip:
            j = b.find(b"\0", at)
            if j < 0:
                break
            skip -= 1
            at = j + 1
        if skip:
            b = b""
            continue
        j = b.find(b"\0", at)
        if j >= 0:
            live[3] = i + 1
            live[4] = b[j + 1:]
            return _utf8(words + b[at:j])
        words += b[at:]
        b = b""


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
    """The words for English `key` (None: the language has none)."""
    w = _kept.get(key)
    if w is None:
        i = _index(key)
        if i < 0:
            return None
        w = _word(i)
        if len(w) <= _LONG:
            if _size[0] + len(w) > _KEEP:
                forget()
            _kept[key] = w
            _size[0] += len(w)
    return w

"""The screens' words in each language: `python tools/mklang.py` makes engine/ui/lang.bin (read by
engine/ui/words_file.py) from the catalogues lang/XX.txt.

A catalogue (UTF-8) is a list of entries, each the English key as the code writes it, then its
words on the next line after "= " (a blank line or a "#" comment between entries):

    Pass the device to player %d
    = Передайте устройство игроку %d

"\\n" in either is a line break, "\\x12" a control character (the screens' arrows). A plural
key is English's two forms joined by "|"; the words give the language's forms the same way
(Russian and Ukrainian three: one|few|many).

The keys are every string the code hands to t() or tn() (or say(), a language's t passed
into the rules' modules) as a literal, the reasons the rules give (IllegalMove's first
argument), menus' titles (Menu's second), the strings in a statement whose first line is
marked `# keys` (menus' labels, tuples of keys translated later) and in a table marked
`# keys: last` the last string of each row (its other fields are not words; `# keys: first
and last`: the first too).
`python tools/mklang.py --check` says which a catalogue lacks or no longer needs, and fails
on a lack; `--missing XX` prints the entries XX lacks, to be given words.
"""
import argparse
import ast
import os
import re
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UI = os.path.join(ROOT, "engine", "ui")
LANG = os.path.join(ROOT, "lang")
LANGS = ("ru", "uk", "hu")
SOURCES = ("engine", "firmware", "lang")  # (lang: the rules' English, rules_en.py)
# The boards' modules, their words first in the file and a word they share with another
# screen among theirs: a board's frame then decodes a block of words or two (each some 10 ms
# on the emulated Pico), not one for each module it draws words from.
BOARD = ("engine/ui/play_draw.py", "engine/ui/tplay.py", "engine/ui/play.py",
         "engine/core/proof.py", "engine/ui/play_narration.py", "engine/ui/splay.py")
RULES = os.path.join(LANG, "rules_en.py")
_MARK = re.compile(r"#\s*keys\b")  # a statement of keys: "# keys", maybe more words after
_LAST = re.compile(r"#\s*keys: (first and )?last\b")  # a table whose rows end in a key
_FIRST = re.compile(r"#\s*keys: first and last\b")  # ... and begin with one
_FORMAT = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?[sdrx%]")

sys.path[:0] = [ROOT, os.path.join(ROOT, "sim", "cpython")]
from engine.ui.words_file import hash_key, BLOCK, _WINDOW as WINDOW  # noqa: E402  (the reader's)


# --- the keys ---------------------------------------------------------------------------------

def _const(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def keys_in(text):
    """The keys in one module's source: {key: line}."""
    tree = ast.parse(text)
    lines = text.split("\n")
    marked = {i + 1 for i, line in enumerate(lines) if _MARK.search(line)}
    last = {i + 1 for i, line in enumerate(lines) if _LAST.search(line)}
    first = {i + 1 for i, line in enumerate(lines) if _FIRST.search(line)}
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            arg = None
            if name in ("t", "say") and node.args:
                arg = node.args[0]
            elif name == "tn" and len(node.args) > 1:
                arg = node.args[1]
            elif name == "IllegalMove" and node.args:
                arg = node.args[0]
            elif name == "Menu" and len(node.args) > 1:  # (its title; the labels: "# keys")
                arg = node.args[1]
            key = _const(arg) if arg is not None else None
            if key:
                found.setdefault(key, node.lineno)
        elif isinstance(node, ast.stmt) and node.lineno in last:
            for sub in ast.walk(node):
                if not isinstance(sub, ast.Tuple) or not sub.elts:
                    continue
                for end in (sub.elts[-1], sub.elts[0]) if node.lineno in first else \
                        (sub.elts[-1],):
                    key = _const(end)
                    if key:
                        found.setdefault(key, node.lineno)
        elif isinstance(node, ast.stmt) and node.lineno in marked:
            for sub in ast.walk(node):
                key = _const(sub)
                if key:
                    found.setdefault(key, node.lineno)
    return found


def rules_pages():
    """The rules' pages, (title, text) each, in English (lang/rules_en.py's PAGES)."""
    with open(RULES, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "PAGES":
            return ast.literal_eval(node.value)
    raise ValueError("%s has no PAGES" % RULES)


def code_keys():
    """{key: "path:line"} over the engine's modules: where it is first found, in the boards'
    modules (BOARD) first."""
    paths = []
    for d in SOURCES:
        for folder, dirs, files in os.walk(os.path.join(ROOT, d)):
            dirs.sort()
            paths += [os.path.relpath(os.path.join(folder, f), ROOT).replace(os.sep, "/")
                      for f in sorted(files) if f.endswith(".py")]
    out = {}
    for path in sorted(paths, key=_rank):
        with open(os.path.join(ROOT, path), encoding="utf-8") as src:
            for key, line in keys_in(src.read()).items():
                out.setdefault(key, "%s:%d" % (path, line))
    return out


def _rank(path):
    """The order of the modules' words in the file: the boards' first (BOARD), then by path."""
    return (BOARD.index(path), "") if path in BOARD else (len(BOARD), path)


# --- the catalogues -------------------------------------------------------------------------

def _unescape(s):
    """A catalogue's line as text: "\\n" a line break, "\\x12" a control character (the
    screens' arrows)."""
    return re.sub(r"\\(n|x[0-9a-fA-F]{2})",
                  lambda m: "\n" if m.group(1) == "n" else chr(int(m.group(1)[1:], 16)), s)


def escape(s):
    """The catalogue's way of writing text (_unescape's inverse)."""
    return re.sub(r"[\x00-\x1f]", lambda m: "\\n" if m.group() == "\n" else
                  "\\x%02x" % ord(m.group()), s)


def read_catalogue(path):
    """{key: words} of lang/XX.txt; ValueError (with the line) on a malformed entry."""
    out = {}
    key = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f.read().split("\n"), 1):
            if line.startswith("= "):
                if key is None:
                    raise ValueError("%s:%d: words without a key" % (path, n))
                if key in out:
                    raise ValueError("%s:%d: %r twice" % (path, n, key))
                out[key] = _unescape(line[2:])
                key = None
            elif not line.strip() or line.startswith("#"):
                if key is not None:
                    raise ValueError("%s:%d: %r has no words" % (path, n, key))
            else:
                if key is not None:
                    raise ValueError("%s:%d: %r has no words" % (path, n, key))
                key = _unescape(line)
    if key is not None:
        raise ValueError("%s: %r has no words" % (path, key))
    return out


def problems(key, words, lang):
    """What is wrong with a catalogue's words for key (empty: nothing)."""
    out = []
    if not words.strip():
        return ["no words"]
    fields = _FORMAT.findall(key.split("|")[-1])
    if any(_FORMAT.findall(form) != fields for form in words.split("|")):
        out.append("its %-fields differ from the key's")
    forms = len(words.split("|"))
    if "|" in key:
        want = (3,) if lang in ("ru", "uk") else (1, 2)
        if forms not in want:
            out.append("%d plural forms, %s wants %s" % (forms, lang, " or ".join(map(str, want))))
    elif forms != 1:
        out.append("a '|' where the key has none")
    if key.count("\n") != words.count("\n") and "|" not in key and len(key) < 60:
        out.append("its lines differ in number from the key's")
    return out


# --- the files ------------------------------------------------------------------------------

def words_part(words):
    """A language's part of lang.bin: `words` in their places (engine/ui/words_file.py reads
    them), BLOCK to a block, each block a raw deflate stream with a 2**WINDOW-byte window.
    Each letter beyond ASCII is one byte from 0x80 up, standing for the part's table of code
    points (one byte a letter compresses better than UTF-8's two)."""
    letters = sorted(set(c for w in words for c in w if ord(c) > 0x7F))
    if len(letters) > 128 or max(map(ord, letters), default=0) > 0xFFFF:
        raise ValueError("more than 128 letters beyond ASCII, or one beyond U+FFFF")
    byte = {c: 0x80 + i for i, c in enumerate(letters)}

    def one_byte(w):
        return bytes(byte.get(c) or ord(c) for c in w) + b"\0"
    blocks = []
    for i in range(0, len(words), BLOCK):
        z = zlib.compressobj(9, zlib.DEFLATED, -WINDOW, 9)
        blocks.append(z.compress(b"".join(map(one_byte, words[i:i + BLOCK]))) + z.flush())
    head = bytes([len(letters)]) + b"".join(ord(c).to_bytes(2, "little") for c in letters)
    at = len(head) + 2 * (len(blocks) + 1)
    table = []
    for b in blocks + [b""]:
        table.append(at)
        at += len(b)
    if at > 0xFFFF:
        raise ValueError("a language's words over 64 KB")
    return head + b"".join(x.to_bytes(2, "little") for x in table) + b"".join(blocks)


def ordered(keys):
    """The keys in the file's order (their hashes sorted); ValueError on two of one hash."""
    by = {}
    for k in keys:
        h = hash_key(k)
        if h in by:
            raise ValueError("%r and %r have one hash: reword one" % (by[h], k))
        by[h] = k
    return [by[h] for h in sorted(by)]


def build(catalogues, found):
    """{file name: bytes}: lang.bin for the given {lang: {key: words}} over the keys `found`
    ({key: "path:line"}), with English's part (the rules' pages only) and the places of the
    rules' titles and pages: the words in the order of the code (alike words together compress
    better, and a screen's words lie in few blocks), the rules' pages after them from a block
    of their own (a block is decoded whole), found through the keys' hashes (the layout:
    engine/ui/words_file.py)."""
    pages = [k for page in rules_pages() for k in page]
    on_pages = set(pages)
    places = sorted((k for k in found if k not in on_pages), key=lambda k: _where(found[k]))
    places += [None] * (-len(places) % BLOCK) + pages  # (the pages in blocks of their own)
    if len(places) > 1024:
        raise ValueError("more than 1024 places: a key's place has 10 bits")
    place = {k: i for i, k in enumerate(places) if k is not None}
    keys = b"".join((hash_key(k) | place[k] << 22).to_bytes(4, "little") for k in ordered(found))
    english = dict.fromkeys(place, "")
    english.update((k, k) for k in pages)
    catalogues = dict(catalogues, en=english)
    langs = sorted(catalogues)
    parts = [words_part([catalogues[lang][k] if k else "" for k in places]) for lang in langs]
    at = 11 + 5 * len(langs) + 2 * len(pages) + len(keys)
    directory = b""
    for lang, part in zip(langs, parts):
        directory += lang.encode() + at.to_bytes(3, "little")
        at += len(part)
    body = (len(place).to_bytes(2, "little") + bytes([len(langs), len(pages) // 2]) +
            directory + b"".join(place[k].to_bytes(2, "little") for k in pages) + keys +
            b"".join(parts))
    return {"lang.bin": b"LW4" + zlib.crc32(body).to_bytes(4, "little") + body}


def _where(at):
    path, line = at.split(":")
    return _rank(path), int(line)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Make engine/ui/lang.bin from lang/*.txt.")
    ap.add_argument("--check", action="store_true", help="only say what the catalogues lack")
    ap.add_argument("--missing", metavar="LANG", choices=LANGS,
                    help="print the entries LANG's catalogue lacks, to be given words")
    args = ap.parse_args(argv)
    found = code_keys()
    cats = {}
    bad = 0
    for lang in (args.missing,) if args.missing else LANGS:
        path = os.path.join(LANG, lang + ".txt")
        try:
            cats[lang] = read_catalogue(path) if os.path.exists(path) else {}
        except (OSError, ValueError) as e:
            print("mklang: %s" % e, file=sys.stderr)
            return 2
        if args.missing:
            _print_missing(found, cats[lang])
            return 0
        bad += _report(lang, found, cats[lang])
    if bad:
        print("mklang: %d problems" % bad, file=sys.stderr)
        return 1
    if args.check:
        return 0
    for name, data in build(cats, found).items():
        with open(os.path.join(UI, name), "wb") as f:
            f.write(data)
        print("%s: %d bytes" % (name, len(data)))
    return 0


def _print_missing(found, cat):
    for key in sorted(set(found) - set(cat), key=lambda k: _where(found[k])):
        print("# %s\n%s\n= \n" % (found[key], escape(key)))


def _report(lang, found, cat):
    """Print what the catalogue lacks, no longer needs, or gets wrong; the count of faults."""
    bad = 0
    for key in sorted(set(found) - set(cat)):
        print("%s lacks %r (%s)" % (lang, key, found[key]))
        bad += 1
    for key in sorted(set(cat) - set(found)):
        print("%s: %r is no longer used" % (lang, key))
    for key in sorted(set(cat) & set(found)):
        for why in problems(key, cat[key], lang):
            print("%s: %r: %s" % (lang, key, why))
            bad += 1
    return bad


if __name__ == "__main__":
    sys.exit(main())

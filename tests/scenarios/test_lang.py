# The screens' languages, on CPython and on MicroPython alike: the plural forms each language
# picks, first letters made capitals outside ASCII, a refusal's words, and the words files of
# the bundle read back (engine/ui/lang.py).
from engine.ui import lang
from engine.core.game import IllegalMove

_NUMBERS = (1, 2, 5, 11, 21, 22, 25)
_STONES = "%d (%d stone)|%d (%d stones)"  # (the round end's points: a plural key of the code)


def _forms(code):
    lang.use(code)
    try:
        return [lang.form(n) for n in _NUMBERS]
    finally:
        lang.use("en")


def test_english_and_hungarian_have_one_and_other():
    assert _forms("en") == [0, 1, 1, 1, 1, 1, 1]
    assert _forms("hu") == [0, 1, 1, 1, 1, 1, 1]


def test_russian_and_ukrainian_have_one_few_and_many():
    # 1 карта, 2 карты, 5 карт, 11 карт, 21 карта, 22 карты, 25 карт
    assert _forms("ru") == [0, 1, 2, 2, 0, 1, 2]
    assert _forms("uk") == [0, 1, 2, 2, 0, 1, 2]
    lang.use("ru")
    try:
        assert [lang.form(n) for n in (12, 14, 111, 112, 101, 104, 0)] == [2, 2, 2, 2, 0, 1, 2]
    finally:
        lang.use("en")


def test_english_plurals_are_the_keys_own_forms():
    lang.use("en")
    assert [lang.tn(n, _STONES) % (6, n) for n in (1, 2, 21)] == [
        "6 (1 stone)", "6 (2 stones)", "6 (21 stones)"]


def test_each_language_says_a_plural_in_its_own_forms():
    for code, want in (("ru", (0, 1, 2, 2, 0, 1, 2)), ("uk", (0, 1, 2, 2, 0, 1, 2)),
                       ("hu", (0, 1, 1, 1, 1, 1, 1))):
        lang.use(code)
        try:
            forms = lang.t(_STONES).split("|")
            assert len(set(forms)) == (3 if code != "hu" else len(forms)), (code, forms)
            for n, k in zip(_NUMBERS, want):
                assert lang.tn(n, _STONES) == forms[min(k, len(forms) - 1)], (code, n)
                assert "%d" % n in lang.tn(n, _STONES) % (6, n)
        finally:
            lang.use("en")


def test_capital_letters_outside_ascii():
    words = ("їжак", "ёж", "ґанок", "őz", "űr", "ár", "яблоко", "abc", "Éé", "1x", "є", "")
    assert [lang.capital(w) for w in words] == [
        "Їжак", "Ёж", "Ґанок", "Őz", "Űr", "Ár", "Яблоко", "Abc", "Éé", "1x", "Є", ""]


def test_a_refusal_is_said_in_the_language_in_use():
    e = IllegalMove("there is no stone %d", 10)
    assert e.reason == "there is no stone 10"
    assert lang.refusal(e) == "there is no stone 10"
    lang.use("ru")
    try:
        words = lang.refusal(e)
        assert "10" in words and "stone" not in words, words
    finally:
        lang.use("en")


def test_an_unknown_language_is_english():
    lang.use("xx")
    assert lang.code == "en" and lang.t("New game") == "New game"


def test_the_words_of_every_language_are_read_back_from_the_bundle():
    for code in lang.CODES[1:]:
        lang.use(code)
        try:
            for key in ("New game", "Settings", "NEW GAME"):
                w = lang.t(key)
                assert w and w != key, (code, key, w)
        finally:
            lang.use("en")

"""What every test starts from: the screens in English, a missing word not an error (a test
that speaks another language, or asks for strictness, leaves that behind it)."""
import pytest


@pytest.fixture(autouse=True)
def _english_after():
    yield
    from engine.ui import lang
    lang.strict = False
    if lang.code != "en":
        lang.use("en")

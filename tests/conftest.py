"""What every test starts from: the screens in English, a missing word not an error (a test
that speaks another language, or asks for strictness, leaves that behind it); and what the
run shares: each golden screen replayed once, for both its checks."""
import pytest


@pytest.fixture(autouse=True)
def _english_after():
    yield
    from engine.ui import lang
    lang.strict = False
    if lang.code != "en":
        lang.use("en")


@pytest.fixture(scope="session")
def screens(tmp_path_factory):
    """Every golden screen, replayed once for the run (tests/goldens.py's Replays): its
    golden and its texts' boxes are checked on the same replay."""
    import goldens
    return goldens.Replays(str(tmp_path_factory.mktemp("screens")))


# The scenario modules run under MicroPython too (tests/mp_scenarios.py), where there is no
# pytest to mark them with: their slow tests are marked here, by name (pytest.ini: slow).
SLOW_SCENARIOS = {"test_tactics.py::test_best_assignment_matches_trying_every_one"}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.nodeid.startswith("tests/scenarios/") and \
                item.nodeid[len("tests/scenarios/"):] in SLOW_SCENARIOS:
            item.add_marker(pytest.mark.slow)

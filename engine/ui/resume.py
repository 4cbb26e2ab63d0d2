# Continue: the saved game (engine/ui/session.py's) read back, its record replayed over
# frames. Loaded only for that, and let go once the board is on view (engine/ui/loading.py
# OFF_BOARD): its code is not in the heap while the computer thinks.
from engine.ui import unload
from engine.ui.files import SAVE
from engine.ui.session import SAVE_HEAD, Session
from engine.core.parse import number
from engine.core.game import OVER, ROUND
from engine.core.match import ENTRY


def recall(board):
    """A board opened mid-round (Continue, a linked game found again, a record mended): the
    other player's last turn marked again, and said when it was the computer's or the other
    handheld's, as the board showed it before (the log's last turn, when it is theirs). Here,
    not on the board: its code is in the heap only as a board opens (loaded_recall)."""
    from engine.ui.play_draw import CPU  # (loaded with the board, after this module)
    g = board.g
    if g.phase == OVER or board.mode == CPU:
        return
    other = 1 - g.player
    board.mark = board._placed(other)
    log = board.s.match.log
    i = len(log)
    while i >= ENTRY and log[i - ENTRY] & 1 == other and log[i - ENTRY] >> 1 != ROUND:
        i -= ENTRY
    if (board.s.cpu is not None or board.s.link) and i < len(log):
        board.s.first = i
        board.said = board._cpu_words()


def loaded_recall(board):
    """recall(board), from a board's opening that had not loaded this module: let go after."""
    recall(board)
    unload(("engine.ui.resume",))


def _record():
    """The record reader (engine/core/record.py): loaded to continue a game, then unloaded, so that
    its code is not in RAM while the computer thinks (saving needs only the small writer,
    engine/core/record_text.py)."""
    from engine.core import record
    return record


def load(storage):
    """The saved session, or None when there is none or it is damaged (then it is set aside
    as game.bad, never lost, and listed in storage.damaged)."""
    from engine.core.steps import finish
    return finish(load_steps(storage))


def load_steps(storage):
    """load() as a generator: the save read, the game's modules loaded a step each
    (engine/ui/loading.py), its record replayed a line a step."""
    from engine.ui.loading import FULL, load as load_modules, modules
    text = storage.read(SAVE)
    if text is None:
        return None
    yield FULL
    lines = text.split("\n", 2)
    try:
        words = lines[1].split()
        if lines[0] != SAVE_HEAD or len(words) < 2 or words[0] != "opponent":
            raise ValueError("not a saved game")
        cpu = words[1] not in ("2p", "link")
        role = None
        if words[1] == "link":
            role = words.pop(2) if len(words) > 2 and words[2] in ("host", "join") else ""
            if not role:
                raise ValueError("no role")
        hinted = "hinted" in words  # (the player took a coach's hint: session.py)
        if hinted:
            words.remove("hinted")
        record = _record()
        # the game's modules a frame each before the replay deals its round (which would
        # otherwise import its round's modules all in one frame): the header names the game
        at = lines[2].find("\nvariant ") + 9
        from engine.games import declared
        yield from load_modules(modules(declared(lines[2][at:lines[2].find("\n", at)]), cpu))
        if cpu:
            from engine.ai.base import LEVELS  # (loaded: the computer's)
            if words[1] not in LEVELS:
                raise ValueError("unknown opponent")
        yield FULL
        m = yield from record.replay_steps(lines[2])
        pending = _pending(m, words[2:], cpu)
    except MemoryError:
        raise  # (the device's heap, not the file)
    except Exception:  # noqa: BLE001 - any save that cannot be continued: set aside, said
        m = None
    unload(("engine.core.record",))
    if m is None:
        storage.set_aside(SAVE)
        return None
    s = Session(m.seed, words[1], match=m)
    s.pending = pending
    s.hinted = hinted
    s.role = role  # (a linked game's: "host" or "join")
    return s


def _pending(m, words, cpu):
    """The half-made choice a save names (None when none), checked against match m's round:
    its game has one of that name, the player to move is the human, and it may be made."""
    if not words:
        return None
    g = m.game
    values = tuple(number(w) for w in words[1:])
    if words[0] != m.declared.PENDING or (cpu and g.player) or not g.may_resume(values):
        raise ValueError("not a saved game")
    return values

"""The games themselves, frozen: seeded matches of every computer level against the baselines,
in each variant (expert and a three-round match too), hashed record by record. A change that
only restructures code (issue 25: one core for every game) must leave every record byte for
byte as it was; a change meant to alter play (a stronger computer, a rules fix) updates the
hashes here, and its note says so."""
import hashlib

import pytest

from engine.core import record
from sim.selfplay import play_match

# 68 whole matches (seconds): make test's, not make check's.
pytestmark = pytest.mark.slow

# (variant, expert, rounds, player a, player b[, a attacks]) -> sha1 of the records of seeds
# 1..SEEDS; the siege's games are played with `a` attacking, then defending
SEEDS = 4
FROZEN = {
    ('classic', False, 1, 'easy', 'greedy'): 'a099ce684a42ba0446043341041aec679629567b',
    ('classic', False, 1, 'normal', 'greedy'): '31c4c1a654f6d2617a7e8c5af7ff49afb34f74bb',
    ('classic', False, 1, 'hard', 'greedy'): '6239f42ac96aaa961d439d98b9d6f2ab2aa949c2',
    ('classic', False, 1, 'hard', 'random'): 'dc95bb972aac493ad59e6b6dddeb57eb34fb4a8f',
    ('classic', True, 1, 'hard', 'normal'): '371a0ded0737b7a712715d5f4fbb1cb2c418ef29',
    ('classic', False, 3, 'normal', 'hard'): 'c98bc15d01f4fd2ca7ab9cf9406507b89c5da0d5',
    ('tactical', False, 1, 'easy', 'greedy_tactical'): 'da25c03aefc801aedcee0dca66858845abf79df8',
    ('tactical', False, 1, 'normal', 'greedy_tactical'): 'c92c9f89c0125a7c79e364435eaa92a6e995da93',
    ('tactical', False, 1, 'hard', 'greedy_tactical'): 'ff803346434878d9aa42ea6435e0c4397870d3e1',
    ('tactical', False, 1, 'hard', 'random'): '8037c6eb976a278b442e3baf1789d6f702e3643a',
    ('tactical', True, 3, 'hard', 'normal'): '4b889c51d3ee79d3991555a1d4a3360714b571cf',
    ('siege', False, 1, 'easy', 'greedy_siege', True): '0cc25104f9461963dd62f93232f5615978e2c7f0',
    ('siege', False, 1, 'normal', 'greedy_siege', True): 'a6cacc921751b6cca93b3f3565ce93fb230562b0',
    ('siege', False, 1, 'hard', 'greedy_siege', True): 'd602df76e69740335bf2ffcb03c8e41033b2d848',
    ('siege', False, 1, 'hard', 'greedy_siege', False): 'ade17b9eb8d0b728ee9984a8cc89879b871211d7',
    ('siege', False, 1, 'hard', 'random', False): '7b755075422eff39de3cd245695835e1746f6422',
    ('siege', False, 2, 'hard', 'normal', True): '0b0405a70d52ffeee87ff7311d5fe3f0cc3bd852',
}

GAMES = [
    ("classic", False, 1, "easy", "greedy"),
    ("classic", False, 1, "normal", "greedy"),
    ("classic", False, 1, "hard", "greedy"),
    ("classic", False, 1, "hard", "random"),
    ("classic", True, 1, "hard", "normal"),
    ("classic", False, 3, "normal", "hard"),
    ("tactical", False, 1, "easy", "greedy_tactical"),
    ("tactical", False, 1, "normal", "greedy_tactical"),
    ("tactical", False, 1, "hard", "greedy_tactical"),
    ("tactical", False, 1, "hard", "random"),
    ("tactical", True, 3, "hard", "normal"),
    ("siege", False, 1, "easy", "greedy_siege", True),
    ("siege", False, 1, "normal", "greedy_siege", True),
    ("siege", False, 1, "hard", "greedy_siege", True),
    ("siege", False, 1, "hard", "greedy_siege", False),
    ("siege", False, 1, "hard", "random", False),
    ("siege", False, 2, "hard", "normal", True),
]


def records_hash(variant, expert, rounds, a, b, a_first=None):
    h = hashlib.sha1()
    for seed in range(1, SEEDS + 1):
        m, _ = play_match(seed, a, b, variant, expert, rounds, a_first)
        h.update(record.text(m).encode())
    return h.hexdigest()


def test_seeded_games_are_played_as_they_were():
    got = {game: records_hash(*game) for game in GAMES}
    changed = [game for game in GAMES if FROZEN.get(game) != got[game]]
    assert not changed, "records changed for %s: %s" % (changed, {g: got[g] for g in changed})

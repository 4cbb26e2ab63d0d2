# Work done in steps: a generator that yields between parts of the work and returns its result
# (a record written out or replayed, a save loaded, a computer's thinking), for the screens to
# spread over frames; finish runs one at once where nothing waits on it.


def finish(steps):
    """What a generator of steps returns, run to its end at once."""
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value

# The shared core of every game: cards, formations and proofs, the round, the match and its
# records.

# The computer players: what they share (base, judge, outlook), the classic game's levels
# (classic, cal), the tactical game's (tactical, wild, tcal) and the siege's (siege).

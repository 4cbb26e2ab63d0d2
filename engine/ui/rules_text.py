# The rules in plain words, page by page (loaded only while the rules are shown).
# A line starting with "@" shows example cards instead of text.

PAGES = (
    ("The game", """Nine border stones lie between two clans. Win five stones, or three next to each other.

On your turn:
1. Play one card on your side of a stone that is not claimed (3 cards a side at most).
2. Claim any stones you can.
3. Draw a card (none once the deck is empty).

Cannot play? You pass: you may still claim, and you draw nothing."""),
    ("Formations", """Three cards on a side make a formation, strongest first:
@Colour-run R5 R6 R7
@Three of a kind R5 G5 P5
@Colour B1 B4 B9
@Run B5 R6 G7
@Sum B2 R5 G9
No wrap-around: 8 9 1 is no run. Equal formations: the higher sum wins, then the side completed first."""),
    ("Claiming", """Claim a stone when your side is complete and:
- the other side is complete and weaker, or
- you can prove no way of completing the other side beats yours.

The proof counts every card not face up on the table as still free for your opponent, even the cards in your own hand. They need a strictly stronger formation: you completed first.

A claimed stone is closed to both players."""),
    ("Expert, matches", """Expert option: you claim only at the start of your turn, before you play.

Matches of 1, 3 or 5 rounds: the winner of a round scores 5 points, the loser 1 point a stone held. Most points after the last round wins."""),
    ("House rules", """Where the printed rules are silent, this game chooses:
- The first player of a match comes from the game's seed.
- The loser of a round starts the next; after a drawn round, the other player than last time.
- A player who cannot play passes and draws nothing.
- Two turns in a row with no card played and no claim end the round: more stones wins, equal is a draw.
- Equal points after the last round: a drawn match."""),
)

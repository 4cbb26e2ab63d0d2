# The rules in plain words, page by page, in English: not code, the source tools/mklang.py
# puts into engine/ui/lang.bin, compressed like every language's words (the rules screen,
# engine/ui/rules.py, reads a page at a time from there, in English too).
# A line starting with "@" shows example cards instead of text: a formation's name, then the
# codes of its cards (a translation keeps the codes). The titles and the pages are keys (the
# catalogues translate them); a title is written as the large font shows it, in capitals.

PAGES = (  # keys
    ("THE GAME", """Nine border stones lie between two clans. Win five stones, or three next to each other.

On your turn:
1. Play one card on your side of a stone that is not claimed (3 cards a side at most).
2. Claim any stones you can.
3. Draw a card (none once the deck is empty).

Cannot play? You pass: you may still claim, and you draw nothing."""),
    ("THE BOARD", """Your cards lie below the stones, your opponent's above; your hand is at the bottom.

The top bar: your stones and theirs, the name of whoever is to play drawn in white; the cards left in the deck (tactical: clan deck + tactic deck); in a match, the round.

A white frame, the cursor, picks a card or a stone; a stone you can claim is filled gold. A card with a bar down each edge is your opponent's last move; the bottom line says it until your next key.

A claimed stone takes its owner's colour, blue yours and pink theirs (with two players, blue player 1's and pink player 2's, whoever holds the device), and moves toward its owner's cards.

Cards in words carry their clan's glyph, as on the cards.

Choosing a stone shows it enlarged: a side not yet complete names the best formation it could still make, with the missing cards drawn dark (for your opponent, from cards you have not seen and do not hold)."""),
    ("FORMATIONS", """Three cards on a side make a formation, strongest first:
@Colour-run R5 R6 R7
@Three of a kind R5 G5 P5
@Colour B1 B4 B9
@Run B5 R6 G7
@Sum B2 R5 G9
No wrap-around: 8 9 1 is no run. Equal formations: the higher sum wins, then the side completed first."""),
    ("CLAIMING", """Claim a stone when your side is complete and:
- the other side is complete and weaker, or
- you can prove no way of completing the other side beats yours.

The proof counts every card not face up on the table as still free for your opponent, even the cards in your own hand. They need a strictly stronger formation: you completed first.

A claimed stone is closed to both players."""),
    ("EXPERT, MATCHES", """Expert option: you claim only at the start of your turn, before you play.

Matches of 1, 3 or 5 rounds: the winner of a round scores 5 points, the loser 1 point a stone held. Most points after the last round wins."""),
    ("TACTICAL VARIANT", """A second deck holds 10 tactic cards. Each player starts with 7 clan cards.

On your turn play a clan card or a tactic card, claim, then refill your hand to 7 from the deck of your choice (an empty deck cannot be chosen).

You may never have played more than one tactic card more than your opponent.

No clan card to play? Pass, or play a tactic card. Played tactic cards that are used up lie face up on a discard pile.

On the board, the bar counts the tactic cards each side has played (gold when you are one ahead); the pause menu shows the discard pile."""),
    ("ELITE TROOPS", """Played on your side like clan cards. Their colour and value are set when the stone is decided, always the best for their owner.
- JK Joker: any colour and value. Only one Joker per player in a round.
- SPY Spy: a 7 of any colour.
- SHB Shield Bearer: a 1, 2 or 3 of any colour."""),
    ("COMBAT MODES", """Played on the stone itself; they change only that stone.
- BMB Blind-Man's Bluff: formations do not count, only the sum.
- MUD Mud Fight: each side needs 4 cards, and formations are of 4 cards.
Both on one stone: 4 cards, sum only."""),
    ("RUSES", """Used at once, then discarded.
- REC Recruiter: draw 3 cards from either or both decks, then put 2 cards from your hand under their own decks.
- STR Strategist: move one of your cards from an unclaimed stone to another with room, or discard it.
- BAN Banshee: discard a card from your opponent's side of an unclaimed stone.
- TRA Traitor: move a clan card from your opponent's side of an unclaimed stone to your side of one.
A side that loses a card is incomplete again; who completed first counts from the last completion."""),
    ("HOUSE RULES", """Where the printed rules are silent, this game chooses:
- The first player of a match comes from the game's seed.
- The loser of a round starts the next; after a drawn round, the other player than last time.
- A player who cannot play passes and draws nothing.
- Two turns in a row with no card played and no claim end the round: more stones wins, equal is a draw.
- Equal points after the last round: a drawn match.
Tactical variant:
- Elite troops take their best colour and value by themselves; nobody is asked.
- A player who has played a Joker never plays the other, even after the first was discarded.
- An elite troop may copy a card already on the table.
- Combat modes cannot be moved or discarded by ruses.
- After a Recruiter you draw nothing more that turn; with fewer than 2 cards in hand you put back what you have.
- A proof ignores tactic cards not yet played."""),
    ("THE SIEGE", """One player attacks a wall of seven sections, the other defends it; a match is two games with the roles swapped.

Siege cards: five colours, values 0-11. Hands of 6; the attacker starts.

On your turn:
1. You may prepare. Attacker: retreat, discarding all your cards at one section. Defender: boiling oil (3 cauldrons, one a turn) discards the attacker's first card at one section.
2. Play a card on your side of a section with room.
3. Draw a card.

A 0 and an 11 of one colour facing each other at a section are both discarded.

The top bar: a sword by the attacker's name, a shield by the defender's; the wall's four pieces, one fallen for each damaged section; the defender's cauldrons of oil left."""),
    ("THE WALL", """Each section shows its number and a mark for what counts there:
\x12 highest sum only, \x13 lowest sum only, / a run, a square a colour, = the same value, no mark any formation. Empty outlines show the cards its sides still need.

Intact, left to right: 3\x12, 4, 3, 2, 3, 4, 3\x13.
Damaged: 3/, 2=, 3 colour, 4\x13, 3 colour, 2=, 3/.

Any formation, 2 to 4 cards: colour-run, same value, colour, run, sum; then the higher sum, then the side completed first. Where one formation counts, a side showing it beats one that does not."""),
    ("TAKING SECTIONS", """The attacker takes a section at any time in its turn when its side is complete and wins: against a complete side by comparison, or by proof against every way the defender could complete theirs. The proof counts every card not face up as free for the defender; the discard is seen; cauldrons and 0/11 are ignored.

A section taken is damaged (dark, broken) and every card at it discarded.

The attacker wins on a fourth damaged section or on taking a damaged one. The defender wins when the deck runs out."""),
    ("SIEGE HOUSE RULES", """- Retreat empties one section only.
- A player who cannot play skips the play and the draw, but may still prepare and, attacking, take sections.
- The attacker's turn that begins with the deck empty is its last: not won by its end, the defender wins.
- A colour-run counts as a run on a run section and as a colour on a colour section.
- A match is two games, roles swapped; one win each is a drawn match.
- The siege's tactic cards are not played."""),
)

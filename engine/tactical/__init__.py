# The tactical variant's rules: its tactic cards (tactics) and its round (round).

# Schotten Totten 2, the siege: its rules (round).

"""Ladders: one standing ladder per game and chosen options, always open, that never rot.

The arithmetic (reach, refusals, movement, idle decay, strikes) is pure, in `arithmetic`; the rows are in
`models`. Services: `catalogue` (the ladders there are), `refusals` and `rows` (who may challenge whom, and the
ladder page's rows), `challenges` (a challenge checked and its game recorded), `results` (the step after an
ending), `places` (places written as a permutation under the ladder's lock), `membership` (joining an empty
ladder, leaving, removal, a moderator's adjustment), `idle` (decay and removal) and `signals`.
"""

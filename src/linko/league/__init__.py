"""The friends' league: every finished match remembered, who is who, ratings and stats.

Four parts: what a finished save says of each seat (:mod:`linko.league.facts`), who a seat's
player is (:mod:`linko.league.identities`), the record kept in ``record.sqlite`` beside the saves
(:mod:`linko.league.record`), the ratings (:mod:`linko.league.ratings`, OpenSkill's Weng-Lin
Plackett-Luce model) and the figures shown (:mod:`linko.league.stats`). docs/league.md tells the
story.
"""

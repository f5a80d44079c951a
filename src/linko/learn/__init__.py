"""``linko learn``: the game taught by playing it, a rule at a time, with no user interface.

The course (:mod:`linko.learn.course`) is a list of short lessons, each a small position the
engine sets up (``Game.from_position``), the one decision it asks of the learner, the computer
players' scripted answers, and its words. A lesson is played on the real table screen through
:class:`~linko.learn.table.LessonTable`, a hot-seat session that refuses any move but the one
the lesson asks for, saying why; then comes a first whole game against an easy computer player,
hints shown and each rule named as it first comes up (:class:`~linko.learn.table.FirstGame`).
What is done is kept beside the saves (:mod:`linko.learn.progress`).
"""

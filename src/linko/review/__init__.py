"""The review: after a match, which decisions cost a seat points, found from that seat's view.

:mod:`~linko.review.analysis` estimates one decision's options; :mod:`~linko.review.match_review`
walks a match and runs the analyses (in processes); :mod:`~linko.review.marks` marks and sums
them; :mod:`~linko.review.data` keeps them in the save; :mod:`~linko.review.words` says them.
This module stays light: the command line reads the budgets without loading the search.
"""

#: The default time for one decision's analysis, and the longest one asked for, in seconds.
DEFAULT_BUDGET = 0.5
MAX_BUDGET = 10.0

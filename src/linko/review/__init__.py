"""The review: after a match, which decisions cost a seat its lead. Light, so that the command
line reads the budgets without loading the search."""

#: The default time for one decision's analysis, and the longest one asked for, in seconds.
DEFAULT_BUDGET = 0.5
MAX_BUDGET = 10.0

"""Allow ``python -m linko``."""

from linko.cli import main

raise SystemExit(main())

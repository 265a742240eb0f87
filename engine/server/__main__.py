"""`python -m engine.server`: the same as `python -m engine serve`."""

import sys

from engine.server.main import main

sys.exit(main())

"""`python -m dxlinalg ...`: the console script, for environments where its entry point is not on PATH."""

import sys

from dxlinalg.cli import main

if __name__ == "__main__":
    sys.exit(main())

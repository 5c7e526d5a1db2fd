"""`python -m tui` runs the `coup` command."""

import sys

from tui.cli import main

sys.exit(main())

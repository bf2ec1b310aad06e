import sys

from studpoker.cli import main

sys.exit(main())

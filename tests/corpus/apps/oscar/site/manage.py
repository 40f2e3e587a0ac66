#!/usr/bin/env python
"""Django command-line entry point for the Oscar corpus shop."""
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "corpus_shop.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)

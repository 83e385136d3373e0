"""A pnp process leaves what it made to the operating system as it ends (pnp/cli.py): Python's last cycle
collection does not walk every object of a build only to free memory the system takes back whole."""
import gc

import pytest

from pnp import cli

pytestmark = pytest.mark.quick


def test_the_command_freezes_its_objects_as_the_process_ends(monkeypatch):
    registered = []
    monkeypatch.setattr(cli.atexit, "register", registered.append)
    monkeypatch.setattr(cli.sys, "argv", ["pnp", "--version"])
    threshold = gc.get_threshold()
    try:
        with pytest.raises(SystemExit):
            cli.main()
    finally:
        gc.set_threshold(*threshold)  # (main sets the collector's pace for the process it runs)
    assert registered == [cli._leave_to_the_system]
    before = gc.get_freeze_count()  # (what the suite's collecting made is frozen already: tests/conftest.py)
    cli._leave_to_the_system()
    assert gc.get_freeze_count() > before  # outside every pass of the collector, the last one too

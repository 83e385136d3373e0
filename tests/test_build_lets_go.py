"""What a build holds once it is done: none of its kits' pages, so that building the next game (or the same one
again, as `pnp watch` does) does not carry the last build's layout along."""
from click.testing import CliRunner

from pnp.cli import cli
from pnp.layout import print_order


def test_a_build_lets_go_of_its_kits_packed_pages(tmp_path):
    result = CliRunner().invoke(cli, ["build", "buried-treasure", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert print_order.PACKED == []

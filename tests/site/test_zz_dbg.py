import random, re
import pytest
from tests.site.test_ci_sequence_leaks import *
@pytest.mark.django_db
def test_dbg():
    checker = LeakChecker(random.Random(2024))
    def check_end(match, notations, viewers):
        page = viewers[0].client.get(match.get_absolute_url()).content.decode()
        entries = [entry for _, entry in _HISTORY_ENTRY.findall(page)]
        print(entries == notations, ">?</text>" in page, "?@" in page, match.scores)
        i = page.find("?@"); print(page[i-300:i+100])
    checker.check_ply = lambda *a: None
    checker.check_end = check_end
    checker.play_game(*_players("x"))
    assert 0

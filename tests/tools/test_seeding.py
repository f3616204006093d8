"""The load benchmark's bulk seeding, on a tiny size: matches that replay, clocks and ratings from the services."""

import random
from collections import Counter

from django.utils import timezone

from daymove.clocks.models import MatchClock
from daymove.play.models import Challenge, Match, Move
from daymove.play.replaycheck import check_all_matches
from daymove.players.models import Player
from daymove.ratings.models import RatingChange
from games.registry import all_games
from tools import seeding


def test_seeded_matches_replay_from_their_moves_and_every_player_has_several(db):
    seeded = seeding.seed(8, 40, challenges=3, rng=random.Random(5), lines_per_variant=1)

    matches = list(Match.objects.all())
    assert len(matches) == 40 and seeded.counts["matches"] == 40
    assert list(check_all_matches()) == []
    assert Move.objects.count() == sum(m.ply for m in matches) == seeded.counts["moves"]
    assert {m.status for m in matches} == {Match.Status.ACTIVE, Match.Status.FINISHED}
    assert {m.game for m in matches} <= set(all_games())
    # Player rows are made by the seeding itself: bulk_create sends no post_save.
    assert Player.objects.filter(user_id__in=seeded.user_ids).count() == 8
    per_player = Counter(uid for m in matches for uid in (m.player0_id, m.player1_id))
    assert min(per_player[uid] for uid in seeded.user_ids) >= 40 // 8
    assert Challenge.objects.filter(status=Challenge.Status.OPEN, clock__isnull=False).count() == 3

    clocks = {c.match_id: c for c in MatchClock.objects.all()}
    for match in matches:
        clock = clocks[match.pk]
        assert clock.running_seat == match.to_move
        if match.is_active:
            assert clock.deadline_of(match.to_move) > timezone.now() >= match.updated > match.created
    finished_rated = [m for m in matches if m.status == Match.Status.FINISHED and m.rated]
    assert RatingChange.objects.count() == 2 * len(finished_rated)

    active = {m.pk: m for m in matches if m.is_active}
    assert sorted(t.match_id for t in seeded.move_tasks) == sorted(active)
    for task in seeded.move_tasks:
        match = active[task.match_id]
        assert (task.ply, task.user_id) == (match.ply, match.players[match.to_move].pk)
        match.rules.play(match.position(), task.notation)  # legal where the match stands


def test_seeded_leagues_have_a_division_of_ten_per_game_with_results_and_games_going_on(db):
    from daymove.competitions.models import Division, LeagueGame

    seeded = seeding.seed(24, 24, challenges=0, rng=random.Random(3), lines_per_variant=1)
    seeding.seed_leagues(seeded, random.Random(3))

    divisions = list(Division.objects.filter(season__status="running").select_related("season__series"))
    assert sorted(d.season.series.game for d in divisions) == sorted(all_games())
    for division in divisions:
        assert division.entries.count() == seeding.LEAGUE_DIVISION
        statuses = set(LeagueGame.objects.filter(division=division).values_list("match__status", flat=True))
        assert statuses == {Match.Status.ACTIVE, Match.Status.FINISHED}
    viewers = Counter(path for path, _ in seeded.division_viewers)
    assert viewers == {d.get_absolute_url(): seeding.LEAGUE_DIVISION for d in divisions}
    assert list(check_all_matches()) == []

"""What the match page says about analyses and plans: the viewer's own plan, and the analyses published."""

from __future__ import annotations

from daymove.plans import trees
from daymove.plans.access import can_analyse
from daymove.plans.analysis import PUBLISHED, published_analyses
from daymove.plans.conditional import plan_of
from daymove.play.match_facts import match_fact
from daymove.play.models import Match


def plans_context(match: Match, user) -> dict:
    """Context for the match page: only ever the viewer's own plan (so no page shows whether anyone else has one)."""
    # Read only when the match page's query saw one published (daymove.play.match_facts).
    published = published_analyses(match) if match_fact(match, user, PUBLISHED, lambda: True) else []
    return plan_status_context(match, user) | {
        "can_analyse": can_analyse(match, user),
        "published_analyses": [
            (row.owner, row.root_ply, [" ".join(line) for line in trees.lines(row.tree)]) for row in published
        ],
    }


def plan_status_context(match: Match, user) -> dict:
    """Context for the play area's line about the viewer's own plan (plans/partials/plan_status.html)."""
    plan = plan_of(match, user)
    return {"my_plan": plan, "my_plan_lines": len(trees.lines(plan.tree)) if plan is not None and plan.is_active else 0}

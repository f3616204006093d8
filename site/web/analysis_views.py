"""The analysis board and the conditional plan on a match page: htmx fragments (whole pages without JavaScript).
Thin: the work is in daymove.plans."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from daymove.errors import Refused
from daymove.plans import analysis, conditional
from daymove.plans.analysis_board import analysis_context, analysis_url
from daymove.play.lookups import match_or_404
from daymove.refusals import answers_refusals

PATH_LIMIT = 200  # moves in one line: more than any game lasts


def _path(data) -> tuple:
    return tuple(data.getlist("l")[:PATH_LIMIT])


def _panel(request, match, root, path, *, clicked=(), error=None, notice=None, status=200):
    """The analysis board at this line (Refused if the user may not see it)."""
    context = analysis_context(match, request.user, root, path, clicked)
    context |= {"error": error, "notice": notice}
    template = "plans/analysis.html#panel" if request.htmx else "plans/analysis.html"
    response = render(request, template, context, status=status)
    response["Cache-Control"] = "private, no-store"
    return response


@never_cache
@require_GET
@login_required
def analysis_board(request, match_id):
    """The user's analysis board: a root position, a line in their tree, clicks towards the next move."""
    match = match_or_404(match_id)
    return _panel(request, match, request.GET.get("root"), _path(request.GET), clicked=request.GET.getlist("s")[:8])


def _action_refused(request, refusal: Refused, match_id):
    """The board again at the line the change was asked at, with the reason it was refused."""
    match = match_or_404(match_id)
    root, path = request.POST.get("root"), _path(request.POST)
    return _panel(request, match, root, path, error=refusal.message, status=refusal.status)


def _action(change, notice):
    """A POST that changes the user's analysis or plan, answered with the board (or the reason it was refused)."""

    @require_POST
    @login_required
    @answers_refusals(show=_action_refused)
    def view(request, match_id):
        root, path = change(match_id, request.user, request.POST.get("root"), _path(request.POST), request.POST)
        match = match_or_404(match_id)
        if not request.htmx:
            return redirect(analysis_url(match, root, path))
        return _panel(request, match, root, path, notice=notice)

    view.__doc__ = "POST: a change of the user's analysis or plan."
    return view


def _add(match_id, user, root, path, data):
    return root, analysis.add_move(match_id, user, root, path, data.get("move", "")[:64])


def _delete(match_id, user, root, path, data):
    return root, analysis.delete_branch(match_id, user, root, path)


def _publish(match_id, user, root, path, data):
    analysis.set_published(match_id, user, root, data.get("published") == "1")
    return root, path


def _plan(match_id, user, root, path, data):
    conditional.plan_line(match_id, user, path, data.get("version"), root)  # a plan starts at the current position
    return root, path


def _remove(match_id, user, root, path, data):
    conditional.remove_line(match_id, user, path, data.get("version"))
    return root, ()


def _cancel(match_id, user, root, path, data):
    conditional.cancel(match_id, user, data.get("version"))
    return root, path


analysis_move = _action(_add, gettext_lazy("Move added to your analysis."))
analysis_delete = _action(_delete, gettext_lazy("Deleted from your analysis."))
analysis_publish = _action(
    _publish, gettext_lazy("Publication changed: published analyses show once the match has ended.")
)
plan_line = _action(_plan, gettext_lazy("Planned: if your opponent plays this line, your replies are played at once."))
plan_remove = _action(_remove, gettext_lazy("Line removed from your plan."))
plan_cancel = _action(_cancel, gettext_lazy("Plan cancelled: no planned reply will be played."))

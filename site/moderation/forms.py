"""The report form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from daymove.moderation.models import REPORT_DETAILS_MAX_LENGTH, Report


class ReportForm(forms.Form):
    """Why a player (or one of their chat lines) is reported; what happened, in the reporter's words."""

    reason = forms.ChoiceField(choices=Report.Reason.choices, widget=forms.RadioSelect, label=_("What is wrong?"))
    details = forms.CharField(
        required=False,
        max_length=REPORT_DETAILS_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
        label=_("What happened (optional)"),
        help_text=_("Only the moderators read this."),
    )
    chat = forms.IntegerField(required=False, widget=forms.HiddenInput)
    match = forms.IntegerField(required=False, widget=forms.HiddenInput)

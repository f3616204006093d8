"""Account forms."""

from django import forms
from django.utils.translation import gettext_lazy as _


class DeleteAccountForm(forms.Form):
    """Deleting an account asks for the password again and an explicit confirmation."""

    password = forms.CharField(
        label=_("Password"), widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )
    confirm = forms.BooleanField(label=_("I understand: my account and personal data are removed for good."))

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.has_usable_password() or not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password

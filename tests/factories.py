"""factory-boy factories for users, challenges and matches."""

import factory
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

from daymove.play.models import Challenge, Match
from games.registry import get_game

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def verified(user, create, extracted, **kwargs):
        if create and extracted is not False:
            EmailAddress.objects.get_or_create(
                user=user, email=user.email, defaults={"verified": True, "primary": True}
            )


class MatchFactory(factory.django.DjangoModelFactory):
    """A match at its initial position."""

    class Meta:
        model = Match

    game = "abande"
    options = factory.LazyAttribute(lambda m: get_game(m.game).normalize_options({}))
    player0 = factory.SubFactory(UserFactory)
    player1 = factory.SubFactory(UserFactory)
    state = factory.LazyAttribute(lambda m: get_game(m.game).to_json(get_game(m.game).initial_state(m.options)))
    to_move = factory.LazyAttribute(
        lambda m: get_game(m.game).current_player(get_game(m.game).initial_state(m.options))
    )


class ChallengeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Challenge

    game = "abande"
    options = factory.LazyAttribute(lambda c: get_game(c.game).normalize_options({}))
    creator = factory.SubFactory(UserFactory)

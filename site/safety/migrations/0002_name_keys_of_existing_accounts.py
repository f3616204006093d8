"""Give every existing account its name key; of accounts whose names already read alike, the oldest has it."""

from django.conf import settings
from django.db import migrations


def fill_name_keys(apps, schema_editor):
    from daymove.safety.names import name_key

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    NameKey = apps.get_model("safety", "NameKey")
    taken = set(NameKey.objects.values_list("key", flat=True))
    for user_id, username in User.objects.order_by("pk").values_list("pk", "username"):
        key = name_key(username)
        if key not in taken:
            NameKey.objects.create(user_id=user_id, key=key)
            taken.add(key)


class Migration(migrations.Migration):
    dependencies = [
        ("safety", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(fill_name_keys, migrations.RunPython.noop)]

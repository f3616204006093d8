from django.urls import path

from daymove.inbound import webhooks

urlpatterns = [
    # "mime" in Mailgun's URL makes it post the raw message (anymail reads that), which keeps every header.
    path("mail/mailgun/inbound_mime/", webhooks.mailgun_inbound, name="mailgun_inbound"),
    path("mail/postmark/inbound/", webhooks.postmark_inbound, name="postmark_inbound"),
    path("mail/mailgun/tracking/", webhooks.mailgun_tracking, name="mailgun_tracking"),
    path("mail/postmark/tracking/", webhooks.postmark_tracking, name="postmark_tracking"),
]

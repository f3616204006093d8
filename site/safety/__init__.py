"""Safety between players: blocks and chat mutes, hourly rate limits, usernames that cannot pass for someone else.

It sits just above `players` (its tables point only at accounts), so play, talk and notify may ask it;
the moderators' side (reports, actions, the queue) is `daymove.moderation`, at the top.
"""

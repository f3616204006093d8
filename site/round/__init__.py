"""The round: what a move, an ending or an accepted challenge causes, in a stated order, in its transaction.

`play` holds the model and its compare-and-set services (a move stored, a match ended, a match
started); the round wraps each of them and calls what follows, in this order, before anything is
announced: after a move the clock (deadline and reminders), the bot's turn and the planned reply;
after an ending the rating, the mass-timeout rule, the clock stopped and the plans closed. Only then
are play's signals sent, and only the fan-out listens to them: email, push and live updates.
"""

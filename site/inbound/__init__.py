"""Mail coming in: replies to turn emails that play moves, through an SMTP receiver or a provider's webhook."""

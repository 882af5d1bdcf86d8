print("cardrender")

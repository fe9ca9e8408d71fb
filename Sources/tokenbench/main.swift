import TokenBench
print("hi")

import tensorflow as tf


@tf.function
def double_strings(a):
    return a + a


c = double_strings.get_concrete_function(tf.constant("a"))
for node in c.graph.as_graph_def().node:
    print(f"{node.input} -> {node.name} ({node.op})")


@tf.function
def f(x, y):
    return x * y - 2.0, tf.matmul(x, y)


c = f.get_concrete_function(tf.ones([2, 2]), tf.ones([2, 2]))
g = c.graph.as_graph_def()
print(len(g.node))
for node in g.node:
    print(node.name, node.op, list(node.input))


def measure_graph_size(f, *args):
    g = f.get_concrete_function(*args).graph
    print("{}({}) contains {} nodes in its graph".format(
        f.__name__, ", ".join(map(str, args)), len(g.as_graph_def().node)))


@tf.function
def train(dataset):
    loss = tf.constant(0)
    for x, y in dataset:
        loss += tf.abs(y - x)
    return loss


measure_graph_size(train, [(1, 1)] * 3)
measure_graph_size(train, [(1, 1)] * 10)

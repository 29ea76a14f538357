import tensorflow as tf


@tf.function
def get_mixed_flavor(fruit_a, fruit_b):
    print("tracing")
    return fruit_a.flavor + fruit_b.flavor


class FruitTraceType(tf.types.experimental.TraceType):
    def __init__(self, fruit):
        self.fruit_type = type(fruit)
        self.fruit_value = fruit

    def is_subtype_of(self, other):
        return type(other) is FruitTraceType and self.fruit_type is other.fruit_type

    def most_specific_common_supertype(self, others):
        return self if all(self == other for other in others) else None

    def placeholder_value(self, placeholder_context=None):
        return self.fruit_value

    def __eq__(self, other):
        return type(other) is FruitTraceType and self.fruit_type == other.fruit_type

    def __hash__(self):
        return hash(self.fruit_type)


class FruitWithTraceType:
    def __tf_tracing_type__(self, context):
        return FruitTraceType(self)


class Apple(FruitWithTraceType):
    flavor = tf.constant([1, 2])


class Mango(FruitWithTraceType):
    flavor = tf.constant([3, 4])


print(get_mixed_flavor(Apple(), Mango()))
print(get_mixed_flavor(Apple(), Mango()))
print(get_mixed_flavor(Mango(), Mango()))
print(get_mixed_flavor.experimental_get_tracing_count())

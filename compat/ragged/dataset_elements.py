# RaggedTensors as tf.data elements: slices, batches, unbatches, maps, ragged_batch.
import tensorflow as tf


def print_dictionary_dataset(dataset):
    for i, element in enumerate(dataset):
        print("Element {}:".format(i))
        for (feature_name, feature_value) in element.items():
            print('{:>14} = {}'.format(feature_name, feature_value))


features = {"colors": tf.ragged.constant([["red", "blue"], ["orange"], ["black", "yellow"], ["green"]]),
            "lengths": tf.ragged.constant([[7], [], [1, 3], [3, 5, 2]], dtype=tf.int64, row_splits_dtype=tf.int32)}
dataset = tf.data.Dataset.from_tensor_slices(features)
print(dataset.element_spec)
print_dictionary_dataset(dataset)

batched_dataset = dataset.batch(2)
print(batched_dataset.element_spec)
print_dictionary_dataset(batched_dataset)

unbatched_dataset = batched_dataset.unbatch()
print(unbatched_dataset.element_spec)
print_dictionary_dataset(unbatched_dataset)


def transform_lengths(features):
    return {
        'mean_length': tf.math.reduce_mean(features['lengths']),
        'length_ranges': tf.ragged.range(features['lengths'])}


transformed_dataset = dataset.map(transform_lengths)
print(transformed_dataset.element_spec)
print_dictionary_dataset(transformed_dataset)

print(dataset.batch(3, drop_remainder=True).element_spec)
for element in dataset.batch(3):
    print(element["colors"])

nested = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1, 2], [3]], [], [[4], [5, 6], []]]))
print(nested.element_spec)
for element in nested:
    print(element)
for element in nested.batch(2):
    print(element)
print(list(nested.batch(2).unbatch().map(lambda x: x.row_lengths())))

non_ragged_dataset = tf.data.Dataset.from_tensor_slices([1, 5, 3, 2, 8])
non_ragged_dataset = non_ragged_dataset.map(tf.range)
batched_non_ragged_dataset = non_ragged_dataset.apply(
    tf.data.experimental.dense_to_ragged_batch(2))
print(batched_non_ragged_dataset.element_spec)
for element in batched_non_ragged_dataset:
    print(element)

grid = tf.data.Dataset.range(4).map(lambda x: (tf.fill([x, 2], x), tf.zeros([x, x + 1]), x))
print(grid.ragged_batch(3).element_spec)
for element in grid.ragged_batch(3, drop_remainder=True):
    print(element)

made = tf.data.Dataset.range(3).map(lambda n: tf.RaggedTensor.from_row_lengths(tf.range(n * 2), [n, n]))
print(made.element_spec)
for element in made:
    print(element)

/** docs/product.md §3: a fixed testimonial — id, name, role (a city), text, rating 1 to 5. */
export interface Testimonial {
  id: number;
  name: string;
  role: string;
  text: string;
  rating: 1 | 2 | 3 | 4 | 5;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 1,
    name: 'Priya Sharma',
    role: 'Mumbai',
    text: 'The linen shirt I ordered fits exactly as the size chart said and the fabric feels premium. It reached me in four days, neatly packed.',
    rating: 5,
  },
  {
    id: 2,
    name: 'Arjun Mehta',
    role: 'Bengaluru',
    text: 'Genuine brands at honest prices. I exchanged a pair of chinos for a bigger waist size and the pickup was arranged the very next day.',
    rating: 5,
  },
  {
    id: 3,
    name: 'Sneha Iyer',
    role: 'Chennai',
    text: 'Bought three T-shirts for my brother. The colours are exactly like the pictures and they have held up well after many washes.',
    rating: 4,
  },
  {
    id: 4,
    name: 'Rohit Verma',
    role: 'Delhi',
    text: 'Cash on delivery made my first order easy. The Oxford shirt is now my favourite for office days — I have already ordered another.',
    rating: 5,
  },
  {
    id: 5,
    name: 'Fatima Khan',
    role: 'Hyderabad',
    text: 'Good quality and quick support on chat when I wanted to change my address. Delivery took a day longer than I hoped, but it was worth it.',
    rating: 4,
  },
];

/** The payment form filled in with a test card that pays (`4242 4242 4242 4242`), as the API tests send it. */
export const PAYING_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/39',
  cvv: '737',
  cardName: 'Maria Lopez',
  billingAddress: 'Calle Mayor 12',
  city: 'Madrid',
  zipCode: '28013',
  country: 'Spain',
};

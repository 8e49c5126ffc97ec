// The brand's name is a proper noun: it is the same in every language and is not translated. The
// app's screens, the platform's page titles and its content seed all read it from here.
export const BRAND_NAME = 'Aurora Play';

/** The one tool the model may call, and what it answers (JSON text, as a tool would). */
export const weatherTool = {
  name: 'get_weather',
  description: 'The weather now in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

export function getWeather(argumentsJson: string): string {
  return JSON.stringify({ ...JSON.parse(argumentsJson), temperature_c: 18, sky: 'sunny' });
}
